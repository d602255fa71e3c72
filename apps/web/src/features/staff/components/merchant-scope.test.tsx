import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http as mock } from 'msw';
import { Modal } from 'antd';
import type { Role, StaffMember } from '@mchweb/contract';
import { MERCHANTS, mswServer, ok, refuse, toasts, withClient } from '@/components/reconciliation/testing';
import { changeLanguage } from '@/i18n';
import { setItem } from '@/lib/storage';
import { InviteModal } from './invite-modal';
import { MerchantScopeModal } from './merchant-scope-modal';
import { StaffTab } from './staff-tab';

/*
 * Issue 11, the staff editor: "Merchants: all / only these" when inviting and when editing a member, the list's
 * scope column, both languages. MSW answers at the network edge; assertions are on what a person sees and on
 * the bodies sent.
 */
const LONG = { timeout: 8000 };
const server = mswServer();
afterEach(async () => {
  Modal.destroyAll();
  await changeLanguage('zh-CN');
});

const ROLES: Role[] = [
  { roleId: 1, code: 'OWNER', name: 'Owner', builtIn: true, permissions: [], memberCount: 1 },
  { roleId: 4, code: 'CASHIER', name: 'Cashier', builtIn: true, permissions: [], memberCount: 1 },
];
const member = (patch: Partial<StaffMember>): StaffMember => ({
  memberId: 7,
  userId: 70,
  mobile: '13800138003',
  name: '小周',
  roleId: 4,
  roleName: 'Cashier',
  roleCode: 'CASHIER',
  status: 'ACTIVE',
  isSelf: false,
  createdAt: '2026-05-01T10:00:00+08:00',
  merchantIds: null,
  merchants: [],
  ...patch,
});

/** What a call received, answered by `answer`; the list and roles the mutation refreshes answer too. */
function serve(path: string, answer: () => Response) {
  const sent: unknown[] = [];
  server.use(
    mock.post(`*/api/merchant${path}`, async ({ request }) => {
      sent.push(await request.json());
      return answer();
    }),
    mock.get('*/api/merchant/staff/list', () => ok([])),
    mock.get('*/api/merchant/role/list', () => ok(ROLES)),
  );
  return sent;
}
function show(ui: React.ReactElement) {
  setItem('mchList', MERCHANTS);
  const { wrapper: Wrapper } = withClient();
  render(<Wrapper>{ui}</Wrapper>);
}
const errorBeside = (testId: string) =>
  screen.getByTestId(testId).closest('.ant-form-item')!.querySelector('.ant-form-item-explain')?.textContent ?? '';
async function pickMerchant(name: string) {
  fireEvent.mouseDown(screen.getByTestId('scope-merchants').querySelector('input')!);
  const options = await screen.findAllByText(new RegExp(name), { selector: '.ant-select-item-option-content' }, LONG);
  fireEvent.click(options.at(-1)!);
}
async function chooseRole(label: string) {
  fireEvent.mouseDown(screen.getByTestId('invite-role').querySelector('input')!);
  fireEvent.click((await screen.findAllByText(label, { selector: '.ant-select-item-option-content' }, LONG)).at(-1)!);
}

describe('the merchants of a member in the staff editor', { timeout: 20_000 }, () => {
  it('inviting: "only these" needs a merchant before anything is sent, then sends the chosen ids', async () => {
    const sent = serve('/staff/invite', () => ok(member({ status: 'INVITED', merchantIds: [2] })));
    const onClose = vi.fn();
    show(<InviteModal roles={ROLES} onClose={onClose} />);
    fireEvent.change(screen.getByTestId('invite-mobile'), { target: { value: '13900001111' } });
    await chooseRole('收银员');
    expect(screen.getByText('可查看和处理本机构全部商户的数据，包括以后新增的商户。')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('scope-some'));
    fireEvent.click(screen.getByTestId('invite-submit'));
    await waitFor(() => expect(errorBeside('scope-choice')).toBe('请至少选择一个商户'), LONG);
    expect(sent).toEqual([]);
    await pickMerchant('晨光咖啡（二店）');
    fireEvent.click(screen.getByTestId('invite-submit'));
    await waitFor(() => expect(sent).toEqual([{ mobile: '13900001111', roleId: 4, merchantIds: [2] }]), LONG);
    await waitFor(() => expect(onClose).toHaveBeenCalled(), LONG);
  });

  it('inviting an Owner: the choice is locked to all merchants and sends null', async () => {
    const sent = serve('/staff/invite', () => ok(member({ status: 'INVITED', roleCode: 'OWNER' })));
    show(<InviteModal roles={ROLES} onClose={vi.fn()} />);
    fireEvent.change(screen.getByTestId('invite-mobile'), { target: { value: '13900002222' } });
    fireEvent.click(screen.getByTestId('scope-some'));
    expect(screen.getByTestId('scope-merchants')).toBeInTheDocument();
    await chooseRole('所有者');
    await waitFor(() => expect(screen.queryByTestId('scope-merchants')).toBeNull(), LONG);
    expect(screen.getByText('所有者始终可以查看全部商户。')).toBeInTheDocument();
    expect(within(screen.getByTestId('scope-choice')).getAllByRole('radio')[0]).toBeDisabled();
    fireEvent.click(screen.getByTestId('invite-submit'));
    await waitFor(() => expect(sent).toEqual([{ mobile: '13900002222', roleId: 1, merchantIds: null }]), LONG);
  });

  it("editing: the member's merchants are shown, a refusal goes beside the field and the dialog stays; all merchants sends null", async () => {
    let answer = () => refuse(400, 'merchantIds: 须为本机构的商户，以下不是：9');
    const sent = serve('/staff/setMerchants', () => answer());
    const onClose = vi.fn();
    show(
      <MerchantScopeModal
        member={member({ merchantIds: [1], merchants: [{ mchId: 1, mchNo: 'M100000001', name: '晨光咖啡' }] })}
        onClose={onClose}
      />,
    );
    expect(screen.getByText('设置 小周 的商户范围')).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByTestId('scope-merchants').querySelector('input')!);
    await waitFor(() => {
      const chosen = [...document.querySelectorAll('.ant-select-item-option-selected')].map((o) => o.textContent);
      expect(chosen).toEqual(['晨光咖啡 (M100000001)']);
    }, LONG);
    await pickMerchant('晨光咖啡（二店）');
    fireEvent.click(screen.getByTestId('scope-save'));
    await waitFor(() => expect(errorBeside('scope-choice')).toBe('须为本机构的商户，以下不是：9'), LONG);
    expect(sent).toEqual([{ memberId: 7, merchantIds: [1, 2] }]);
    expect(onClose).not.toHaveBeenCalled();
    expect(toasts()).toEqual([]); // quiet: the message is beside the field, not a toast too

    answer = () => ok(null);
    fireEvent.click(screen.getByTestId('scope-all'));
    fireEvent.click(screen.getByTestId('scope-save'));
    await waitFor(() => expect(sent.at(-1)).toEqual({ memberId: 7, merchantIds: null }), LONG);
    await waitFor(() => expect(onClose).toHaveBeenCalled(), LONG);
    await waitFor(() => expect(toasts().join()).toContain('商户范围已保存'), LONG);
  });

  it('the list shows each member\'s merchants: "All merchants", or a count naming them on hover; in English too', async () => {
    setItem('buttonData', [{ code: 'staff:edit', name: 'staff:edit' }]);
    server.use(
      mock.get('*/api/merchant/role/list', () => ok(ROLES)),
      mock.get('*/api/merchant/staff/list', () =>
        ok([
          member({ memberId: 1, mobile: '13800138000', roleCode: 'OWNER', roleId: 1, roleName: 'Owner', isSelf: true }),
          member({
            merchantIds: [1, 2, 99],
            merchants: [
              { mchId: 1, mchNo: 'M100000001', name: '晨光咖啡' },
              { mchId: 2, mchNo: 'M100000002', name: '晨光咖啡（二店）' },
            ],
          }),
        ]),
      ),
    );
    show(<StaffTab />);
    await waitFor(
      () => expect(screen.getByTestId('staff-scope-label-13800138000')).toHaveTextContent('全部商户'),
      LONG,
    );
    const limited = screen.getByTestId('staff-scope-label-13800138003');
    expect(limited).toHaveTextContent('3 个商户');
    // Nothing to limit on an owner's row; the limited member's row offers the change.
    expect(screen.queryByTestId('staff-scope-13800138000')).toBeNull();
    expect(screen.getByTestId('staff-scope-13800138003')).toHaveTextContent('商户范围');
    fireEvent.mouseEnter(limited);
    const tip = await screen.findByRole('tooltip', {}, LONG);
    expect(tip).toHaveTextContent('晨光咖啡 (M100000001)');
    expect(tip).toHaveTextContent('晨光咖啡（二店） (M100000002)');
    expect(tip).toHaveTextContent('另有 1 个您无权查看的商户');

    await changeLanguage('en-US');
    await waitFor(
      () => expect(screen.getByTestId('staff-scope-label-13800138003')).toHaveTextContent('3 merchants'),
      LONG,
    );
    expect(screen.getByTestId('staff-scope-label-13800138000')).toHaveTextContent('All merchants');
  });
});
