import { API_BASE } from '../constants.ts';
import { ADMINS, endpoint } from '../endpoint.ts';
import { listOf } from '../envelope.ts';
import { pageQuery } from '../schemas/common.ts';
import { roleItem } from '../schemas/roles.ts';

/** The roles (docs/api.md "Operators"). */
export const roleEndpoints = {
  list: endpoint({
    method: 'GET',
    path: `${API_BASE}/admin/roles`,
    auth: ADMINS,
    query: pageQuery,
    data: listOf(roleItem),
    tag: 'roles',
    summary: 'List the roles',
    description:
      "The four roles (global_admin, super_admin, customer, atk), by name, 20 a page; read only. The customer list filters by the id of the role named 'customer'; `is_deleted` is taken and ignored (roles are never deleted).",
  }),
};
