import { useState } from 'react';
import { Avatar, Button, Dropdown, Space, Tooltip, Typography } from 'antd';
import { DownOutlined, KeyOutlined, LogoutOutlined, MenuOutlined, SwapOutlined, UserOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '@/components/language-switch';
import { signOut, useSession } from '@/lib/session';
import { ChangePasswordModal } from './change-password-modal';

/** Header: menu button on phones, the current organisation with a switcher, language, user menu. */
export function HeaderBar({ onOpenMenu, compact }: { onOpenMenu: () => void; compact: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { companyInfo, userInfo } = useSession();
  const [changing, setChanging] = useState(false);
  const companyName = (companyInfo?.companyName as string | null | undefined) || t('header.noCompany');
  const who = userInfo?.name || userInfo?.username || userInfo?.mobile || '';

  return (
    <div className="main-header">
      {compact && <Button type="text" icon={<MenuOutlined />} aria-label={t('header.openMenu')} onClick={onOpenMenu} />}
      <div className="main-header-company">
        <Typography.Text strong ellipsis className="main-header-company-name" data-testid="current-company">
          {companyName}
        </Typography.Text>
        <Tooltip title={t('header.switchCompany')}>
          <Link to="/organ-select" className="main-header-switch" data-testid="company-switch">
            <SwapOutlined aria-hidden />
            <span className={compact ? 'visually-hidden' : undefined}>{t('header.switchCompany')}</span>
          </Link>
        </Tooltip>
      </div>
      <Space size={compact ? 0 : 8} className="main-header-tools">
        <LanguageSwitch />
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              { key: 'password', icon: <KeyOutlined />, label: t('header.changePassword') },
              { type: 'divider' },
              { key: 'logout', icon: <LogoutOutlined />, label: t('header.signOut'), danger: true },
            ],
            onClick: ({ key }) => {
              if (key === 'password') setChanging(true);
              if (key === 'logout') void signOut().finally(() => navigate('/login'));
            },
          }}
        >
          <Button type="text" data-testid="user-menu" aria-label={t('header.userMenu')}>
            <Avatar size="small" icon={<UserOutlined />} style={{ background: '#1554d1' }} />
            {!compact && <span className="main-header-user">{who}</span>}
            <DownOutlined style={{ fontSize: 10 }} />
          </Button>
        </Dropdown>
      </Space>
      <ChangePasswordModal open={changing} onClose={() => setChanging(false)} />
    </div>
  );
}
