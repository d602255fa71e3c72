import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { changePasswordBody, currentUserData, loginBody, loginData, registerBody } from './schemas.ts';

const tags = ['auth'];

export const authEndpoints = {
  register: defineEndpoint({
    method: 'POST',
    path: '/api/merchant/register',
    access: 'public',
    rateLimit: { perMinute: 20, authScaled: true },
    tags,
    summary: 'Register with a mobile, its SMS code and a password',
    body: registerBody,
    response: loginData,
  }),
  login: defineEndpoint({
    method: 'POST',
    path: '/api/merchant/login',
    access: 'public',
    rateLimit: { perMinute: 30, authScaled: true },
    tags,
    summary: 'Sign in with mobile or username and password',
    body: loginBody,
    response: loginData,
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/api/merchant/logout',
    access: 'signedIn',
    tags,
    summary: 'End this session',
    response: z.null(),
  }),
  changePassword: defineEndpoint({
    method: 'POST',
    path: '/api/merchant/user/changePassword',
    access: 'signedIn',
    rateLimit: { perMinute: 10, authScaled: true },
    tags,
    summary: "Change the password; ends the user's other sessions",
    body: changePasswordBody,
    response: z.null(),
  }),
  currentUser: defineEndpoint({
    method: 'GET',
    path: '/api/merchant/user/getCurrentUser',
    access: 'public',
    tags,
    summary: 'The signed-in user, menu and buttons; data null when not signed in',
    response: currentUserData,
  }),
};
