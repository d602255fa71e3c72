import { inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { operators } from './operator.tables.ts';

/** Operators' names by id (queue assignees, approvals). */
export async function operatorNames(db: Tx, ids: readonly (number | null)[]) {
  const unique = [...new Set(ids.filter((id): id is number => id !== null))];
  if (unique.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ id: operators.id, name: operators.name })
    .from(operators)
    .where(inArray(operators.id, unique));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The queue's assignee as answers show it. */
export const assigneeOf = (names: Map<number, string>, id: number | null) =>
  id === null ? null : { operatorId: id, name: names.get(id) ?? '' };
