import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Permission } from './permission';
import { allowedPaths } from '@/lib/session';

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('buttonData', JSON.stringify([{ code: 'order:view' }, { code: 'order:export' }]));
});

describe('permission wrapper', () => {
  it('S6.3 keeps its content when buttonData holds at least one of the codes', () => {
    render(
      <Permission codes={['order:refund', 'order:export']}>
        <button>Export</button>
      </Permission>,
    );
    expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();
  });

  it('S6.3 removes its content when buttonData holds none of them', () => {
    render(
      <Permission codes={['order:refund']}>
        <button>Refund</button>
      </Permission>,
    );
    expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
  });

  it('S6.3 S8.8 without an array or with an empty one: a console error and nothing further', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <>
        <Permission>
          <button>A</button>
        </Permission>
        <Permission codes={[]}>
          <button>B</button>
        </Permission>
      </>,
    );
    expect(error).toHaveBeenCalledTimes(2);
    expect(String(error.mock.calls[0]![0])).toContain('需要权限码数组');
    expect(screen.getByRole('button', { name: 'A' })).toBeInTheDocument();
    error.mockRestore();
  });

  it('S6.2 the pages a member may open come from the server menuData plus sub-pages', () => {
    const allowed = allowedPaths([
      { code: 'trade', icon: 'transaction', children: [{ code: 'order', path: '/order' }] },
      { code: 'merchants', icon: 'shop', children: [{ code: 'merchantEntry', path: '/merchant-entry' }] },
    ]);
    expect(allowed.has('/order')).toBe(true);
    expect(allowed.has('/new-incomming')).toBe(true); // sub-page of merchantEntry
    expect(allowed.has('/audit-progress')).toBe(true);
    expect(allowed.has('/welcome')).toBe(true); // every member
    expect(allowed.has('/organ-create')).toBe(true);
    expect(allowed.has('/bill')).toBe(false);
    expect(allowed.has('/staff-manage')).toBe(false);
  });
});
