import { Flex, Tabs, Tag, Typography } from "antd";
import type { ReactNode } from "react";
import { Navigate, useNavigate, useParams } from "react-router";
import { useUserData } from "../../../shared/hooks/use-user-data.ts";
import { href } from "../../../shared/routes/href.ts";
import { PageSpinner } from "../../../shared/ui/PageSpinner.tsx";
import { roleIcon } from "../../../shared/ui/role-icon.tsx";
import { ServicesTab } from "../components/ServicesTab.tsx";
import { SettingsTab } from "../components/SettingsTab.tsx";
import { PROFILE_TAB_LABELS, type ProfileTab, profileTabsFor, resolveProfileTab } from "../profile-tabs.ts";

interface ProfilePageProps {
  /** The «Уведомления» tab: the notifications module's list (the app puts it in). */
  notifications: ReactNode;
  /** The «Наборы данных» tab: the herd module's datasets (the app puts it in). */
  datasets: ReactNode;
}

/**
 * /userprofile/:tab? — the user's profile (spec §2 profile menu): «Настройки» (not for role 6),
 * «Уведомления», «Наборы данных» (not for role 7), «Сервисы». Each tab has its address.
 */
export function ProfilePage({ notifications, datasets }: ProfilePageProps) {
  const { tab: requested } = useParams();
  const navigate = useNavigate();
  const user = useUserData().data;
  if (!user) return <PageSpinner text="Загрузка…" />;

  const { tab, redirect } = resolveProfileTab(user, requested);
  if (redirect) return <Navigate to={href.userProfile({ tab })} replace />;

  const content: Record<ProfileTab, () => ReactNode> = {
    settings: () => <SettingsTab />,
    notifications: () => notifications,
    datasets: () => datasets,
    services: () => <ServicesTab user={user} />,
  };
  const name = `${user.first_name} ${user.last_name}`.trim();
  const role = roleIcon(user.groups);

  return (
    <>
      <Typography.Title level={2} style={{ marginTop: 0, marginBottom: 4 }}>
        Профиль
      </Typography.Title>
      <Flex gap="small" align="center" wrap>
        <Typography.Text type="secondary">{name ? `${name} (${user.username})` : user.username}</Typography.Text>
        <Tag icon={role.icon}>{role.label}</Tag>
        {user.is_superuser ? <Tag color="gold">Суперпользователь</Tag> : null}
      </Flex>
      <Tabs
        activeKey={tab}
        onChange={(key) => navigate(href.userProfile({ tab: key }))}
        destroyOnHidden
        items={profileTabsFor(user).map((key) => ({
          key,
          label: PROFILE_TAB_LABELS[key],
          children: key === tab ? content[key]() : null,
        }))}
      />
    </>
  );
}
