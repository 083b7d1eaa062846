import { Button, Col, Result, Row } from "antd";
import { useUserProfile } from "../../../shared/hooks/use-user-profile.ts";
import { PageSpinner } from "../../../shared/ui/PageSpinner.tsx";
import { AppearanceSettings } from "./AppearanceSettings.tsx";
import { PasswordForm } from "./PasswordForm.tsx";
import { PersonalDataForm } from "./PersonalDataForm.tsx";

/** The «Настройки» tab: personal data, appearance and the password (GET users/user_profile/). */
export function SettingsTab() {
  const profile = useUserProfile();
  if (profile.isPending) return <PageSpinner text="Загрузка профиля…" />;
  if (!profile.data) {
    return (
      <Result
        status="warning"
        title="Не удалось загрузить профиль"
        extra={<Button onClick={() => void profile.refetch()}>Повторить</Button>}
      />
    );
  }
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>
        <PersonalDataForm profile={profile.data} />
      </Col>
      <Col xs={24} lg={12}>
        <Row gutter={[16, 16]}>
          <Col span={24}>
            <AppearanceSettings profile={profile.data} />
          </Col>
          <Col span={24}>
            <PasswordForm hasPassword={profile.data.has_password} />
          </Col>
        </Row>
      </Col>
    </Row>
  );
}
