import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { permissionCatalogue, staffEndpoints as ep } from '@mchweb/contract';
import { ok } from '../../errors.ts';
import type { ModuleContext } from '../../module.ts';
import { route } from '../../route.ts';
import {
  inviteStaff,
  listStaff,
  removeStaff,
  setStaffMerchants,
  setStaffRole,
  setStaffStatus,
} from './staff.service.ts';
import { deleteRole, listRoles, saveRole } from './role-editor.service.ts';

/** Staff and roles of the current organisation (/staff-manage). */
const staffRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app) => {
  route(app, ep.list, async (request) => ok(await listStaff(app.db, request.actor)));
  route(app, ep.invite, async (request) => ok(await inviteStaff(app.db, request.actor, request.body)));
  route(app, ep.setRole, async (request) =>
    ok(await setStaffRole(app.db, request.actor, request.body).then(() => null)),
  );
  route(app, ep.setStatus, async (request) =>
    ok(await setStaffStatus(app.db, request.actor, request.body).then(() => null)),
  );
  route(app, ep.setMerchants, async (request) =>
    ok(await setStaffMerchants(app.db, request.actor, request.body).then(() => null)),
  );
  route(app, ep.remove, async (request) => ok(await removeStaff(app.db, request.actor, request.body).then(() => null)));

  route(app, ep.roleList, async (request) => ok(await listRoles(app.db, request.actor)));
  route(app, ep.roleCatalogue, async () => ok(permissionCatalogue()));
  route(app, ep.roleSave, async (request) => ok(await saveRole(app.db, request.actor, request.body)));
  route(app, ep.roleDelete, async (request) =>
    ok(await deleteRole(app.db, request.actor, request.body).then(() => null)),
  );
};
export default staffRoutes;
