// The user module's front door: people who can sign in. Signing in itself is the auth module's.
export {
  findUser,
  findUserByAccount,
  findUserByMobile,
  forgetLastCompany,
  insertUser,
  listUsers,
  personNames,
  rememberLastCompany,
  setPasswordHash,
  userContacts,
  type UserContact,
  type UserRow,
} from './user.service.ts';
