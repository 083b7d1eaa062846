import { LockOutlined } from "@ant-design/icons";
import { canUseLists, canUseTables } from "@nadoy/contract/roles";
import type { UserData } from "@nadoy/contract/users";
import { Result } from "antd";
import type { ReactNode } from "react";
import { useUserData } from "../../../shared/hooks/use-user-data.ts";
import { href } from "../../../shared/routes/href.ts";
import { PageSpinner } from "../../../shared/ui/PageSpinner.tsx";
import { RouterButtonLink } from "../../../shared/ui/RouterButtonLink.tsx";

const MODULES = {
  lists: { allowed: canUseLists, name: "Списки" },
  tables: { allowed: canUseTables, name: "Таблицы" },
} as const;

/**
 * The page only for users with the module's flag in user data (table_lists or tables_enabled);
 * others get «Раздел недоступен». The server refuses them anyway.
 */
export function FeatureGate({
  module,
  children,
}: {
  module: keyof typeof MODULES;
  children: (user: UserData) => ReactNode;
}) {
  const user = useUserData().data;
  if (!user) return <PageSpinner text="Загрузка…" />;
  const { allowed, name } = MODULES[module];
  if (!allowed(user)) {
    return (
      <Result
        icon={<LockOutlined />}
        title="Раздел недоступен"
        subTitle={`Модуль «${name}» не подключён для вашей учётной записи. Обратитесь к администратору компании.`}
        extra={
          <RouterButtonLink type="primary" to={href.home()}>
            На главную
          </RouterButtonLink>
        }
      />
    );
  }
  return children(user);
}
