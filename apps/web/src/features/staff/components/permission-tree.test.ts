import { describe, expect, it } from 'vitest';
import { permissionCatalogue } from '@mchweb/contract/permissions';
import { buildPermTree, checkedKeysOf, permissionsOf } from './permission-tree';

const labels = {
  group: (c: string) => `G ${c}`,
  page: (c: string) => `P ${c}`,
  permission: (p: string) => `B ${p}`,
  openPage: 'open',
  everyone: 'everyone',
};
const tree = buildPermTree(permissionCatalogue(), labels, (p) => p !== 'company:edit');
const find = (key: string, nodes = tree.nodes): (typeof tree.nodes)[number] | undefined => {
  for (const n of nodes) {
    if (n.key === key) return n;
    const inner = n.children && find(key, n.children);
    if (inner) return inner;
  }
  return undefined;
};

describe('role editor permission tree', () => {
  it('groups -> pages -> [open the page, buttons]; a page without buttons is a leaf; nothing-to-grant pages left out', () => {
    expect(find('p:order')?.children?.map((c) => c.key)).toEqual([
      'v:order',
      'b:order:order:refund',
      'b:order:order:export',
    ]);
    expect(find('v:channel')).toMatchObject({ title: 'P channel' });
    expect(find('v:channel')?.children).toBeUndefined();
    // /welcome is open to every member: only its buttons can be granted. /organ-select grants nothing.
    expect(find('p:welcome')).toMatchObject({ title: 'P welcome (everyone)' });
    expect(find('p:welcome')?.children?.map((c) => c.key)).toEqual([
      'b:welcome:company:open',
      'b:welcome:company:bindMobile',
    ]);
    expect(find('p:organSelect')).toBeUndefined();
    expect(find('v:organSelect')).toBeUndefined();
  });

  it('what the editor lacks cannot be checked', () => {
    expect(find('b:organHome:company:edit')).toMatchObject({ disableCheckbox: true });
    expect(find('v:organHome')?.disableCheckbox).toBeUndefined();
  });

  it('checked leaves -> permissions made whole (a button brings its page), and back to every leaf granting them', () => {
    expect(permissionsOf(['b:order:order:export', 'p:order', 'g:trade'], tree)).toEqual(['order:view', 'order:export']);
    // Three onboarding pages share onboarding:view: checking one shows all three checked.
    const keys = checkedKeysOf(permissionsOf(['v:incomming'], tree), tree);
    expect(keys.sort()).toEqual(['v:incoManage', 'v:incomming', 'v:merchantEntry']);
    expect(permissionsOf([], tree)).toEqual([]);
  });
});
