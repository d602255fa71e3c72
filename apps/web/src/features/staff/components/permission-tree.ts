import type { RoleCatalogue } from '@mchweb/contract';
import { withPagePermissions, type Permission } from '@mchweb/contract/permissions';

/** One node of the role editor's tree (antd Tree's DataNode shape, kept plain so it is testable). */
export interface PermNode {
  key: string;
  title: string;
  children?: PermNode[];
  disableCheckbox?: boolean;
}
export interface PermTree {
  nodes: PermNode[];
  /** Leaf key -> the permission it grants. Several leaves may grant one permission (pages sharing it). */
  leaves: Map<string, string>;
}
export interface TreeLabels {
  group: (code: string) => string;
  page: (code: string) => string;
  permission: (code: string) => string;
  openPage: string;
  everyone: string;
}

/**
 * groups -> pages -> [open the page, buttons...]. A page open to every member shows only its buttons; a page
 * with neither permission nor buttons is left out (there is nothing to grant). `canGrant` greys out what the
 * editor's own role lacks (the server refuses it anyway).
 */
export function buildPermTree(
  catalogue: RoleCatalogue,
  labels: TreeLabels,
  canGrant: (p: string) => boolean,
): PermTree {
  const leaves = new Map<string, string>();
  const leaf = (key: string, title: string, permission: string): PermNode => {
    leaves.set(key, permission);
    return { key, title, ...(canGrant(permission) ? {} : { disableCheckbox: true }) };
  };
  const nodes: PermNode[] = [];
  for (const group of catalogue) {
    const pages: PermNode[] = [];
    for (const page of group.pages) {
      const buttons = page.buttons.map((b) => leaf(`b:${page.code}:${b}`, labels.permission(b), b));
      if (page.permission === null) {
        if (buttons.length === 0) continue;
        pages.push({
          key: `p:${page.code}`,
          title: `${labels.page(page.code)} (${labels.everyone})`,
          children: buttons,
        });
      } else if (buttons.length === 0) {
        pages.push(leaf(`v:${page.code}`, labels.page(page.code), page.permission));
      } else {
        pages.push({
          key: `p:${page.code}`,
          title: labels.page(page.code),
          children: [leaf(`v:${page.code}`, labels.openPage, page.permission), ...buttons],
        });
      }
    }
    if (pages.length > 0) nodes.push({ key: `g:${group.code}`, title: labels.group(group.code), children: pages });
  }
  return { nodes, leaves };
}

/** The permissions the checked leaves grant, made whole the way the server will (a button brings its page). */
export function permissionsOf(checkedKeys: readonly string[], tree: PermTree): Permission[] {
  const granted = checkedKeys.map((k) => tree.leaves.get(k)).filter((p): p is string => p !== undefined);
  return withPagePermissions(granted);
}

/** The leaves to show checked for a set of permissions. */
export function checkedKeysOf(permissions: readonly string[], tree: PermTree): string[] {
  const set = new Set(permissions);
  return [...tree.leaves].filter(([, p]) => set.has(p)).map(([k]) => k);
}
