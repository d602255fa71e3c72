import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deleteRoleBody,
  envelopeSchema,
  inviteStaffBody,
  permissionCatalogue,
  removeStaffBody,
  role,
  roleCatalogue,
  saveRoleBody,
  setStaffMerchantsBody,
  setStaffRoleBody,
  setStaffStatusBody,
  staffMember,
} from '@mchweb/contract';
import { ok } from '../../errors.ts';
import type { ModuleContext } from '../../module.ts';
import {
  inviteStaff,
  listStaff,
  removeStaff,
  setStaffMerchants,
  setStaffRole,
  setStaffStatus,
} from './staff.service.ts';
import { deleteRole, listRoles, saveRole } from './role-editor.service.ts';

const tags = ['staff'];
const empty = { 200: envelopeSchema(z.null()) };
const noQuery = z.strictObject({});

/** Staff and roles of the current organisation (/staff-manage). */
const staffRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app) => {
  app.get('/staff/list', {
    config: { access: 'staff:view' },
    schema: {
      tags,
      summary: 'Members and invitations',
      querystring: noQuery,
      response: { 200: envelopeSchema(z.array(staffMember)) },
    },
    handler: async (request) => ok(await listStaff(app.db, request.actor)),
  });
  app.post('/staff/invite', {
    config: { access: 'staff:edit' },
    schema: {
      tags,
      summary: 'Invite a mobile: INVITED, granting nothing until its holder accepts (the same answer for any mobile)',
      body: inviteStaffBody,
      response: { 200: envelopeSchema(staffMember) },
    },
    handler: async (request) => ok(await inviteStaff(app.db, request.actor, request.body)),
  });
  app.post('/staff/setRole', {
    config: { access: 'staff:edit' },
    schema: { tags, summary: "Change a member's role", body: setStaffRoleBody, response: empty },
    handler: async (request) => ok(await setStaffRole(app.db, request.actor, request.body).then(() => null)),
  });
  app.post('/staff/setStatus', {
    config: { access: 'staff:edit' },
    schema: { tags, summary: 'Disable or enable a member', body: setStaffStatusBody, response: empty },
    handler: async (request) => ok(await setStaffStatus(app.db, request.actor, request.body).then(() => null)),
  });
  app.post('/staff/setMerchants', {
    config: { access: 'staff:edit' },
    schema: {
      tags,
      summary: 'Limit a member to some merchants of the organisation, or (merchantIds null) give it every merchant',
      body: setStaffMerchantsBody,
      response: empty,
    },
    handler: async (request) => ok(await setStaffMerchants(app.db, request.actor, request.body).then(() => null)),
  });
  app.post('/staff/remove', {
    config: { access: 'staff:edit' },
    schema: { tags, summary: 'Remove a member or cancel an invitation', body: removeStaffBody, response: empty },
    handler: async (request) => ok(await removeStaff(app.db, request.actor, request.body).then(() => null)),
  });

  app.get('/role/list', {
    config: { access: 'staff:view' },
    schema: {
      tags,
      summary: 'Built-in and custom roles',
      querystring: noQuery,
      response: { 200: envelopeSchema(z.array(role)) },
    },
    handler: async (request) => ok(await listRoles(app.db, request.actor)),
  });
  app.get('/role/catalogue', {
    config: { access: 'staff:view' },
    schema: {
      tags,
      summary: 'The permission tree of the role editor',
      querystring: noQuery,
      response: { 200: envelopeSchema(roleCatalogue) },
    },
    handler: async () => ok(permissionCatalogue()),
  });
  app.post('/role/save', {
    config: { access: 'role:edit' },
    schema: {
      tags,
      summary: 'Create a custom role (no roleId) or edit one; built-in roles are read-only',
      body: saveRoleBody,
      response: { 200: envelopeSchema(role) },
    },
    handler: async (request) => ok(await saveRole(app.db, request.actor, request.body)),
  });
  app.post('/role/delete', {
    config: { access: 'role:edit' },
    schema: { tags, summary: 'Delete a custom role no member holds', body: deleteRoleBody, response: empty },
    handler: async (request) => ok(await deleteRole(app.db, request.actor, request.body).then(() => null)),
  });
};
export default staffRoutes;
