import type { ReactNode } from 'react';
import { Menu } from 'antd';
import {
  ApiOutlined,
  AppstoreOutlined,
  DashboardOutlined,
  QrcodeOutlined,
  ShopOutlined,
  TeamOutlined,
  TransactionOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MenuGroupData } from '@mchweb/contract';
import { trailFor } from './breadcrumbs';

const ICONS: Record<string, ReactNode> = {
  dashboard: <DashboardOutlined />,
  transaction: <TransactionOutlined />,
  shop: <ShopOutlined />,
  qrcode: <QrcodeOutlined />,
  wallet: <WalletOutlined />,
  team: <TeamOutlined />,
  api: <ApiOutlined />,
};

/** S6.2: the sidebar is the server's menuData, labelled by `menu.<code>`. */
export function SideMenu({ menuData, onNavigate }: { menuData: MenuGroupData[]; onNavigate?: () => void }) {
  const { t } = useTranslation('menu');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const trail = trailFor(pathname);
  const selected = trail[1]?.path ?? pathname;
  return (
    <Menu
      theme="dark"
      mode="inline"
      selectedKeys={[selected]}
      defaultOpenKeys={menuData.map((g) => g.code)}
      items={menuData.map((group) => ({
        key: group.code,
        icon: ICONS[group.icon] ?? <AppstoreOutlined />,
        label: t(group.code),
        children: group.children.map((leaf) => ({
          key: leaf.path,
          label: t(leaf.code),
          'data-testid': `menu-${leaf.code}`,
        })),
      }))}
      onClick={({ key }) => {
        navigate(key);
        onNavigate?.();
      }}
    />
  );
}
