import { CheckCircleFilled, MinusCircleOutlined } from "@ant-design/icons";
import type { UserData } from "@nadoy/contract/users";
import { Card, Col, Flex, Row, Tag, Typography, theme } from "antd";
import type { ReactNode } from "react";

/** The module flags of users/data (spec §3), in the words of the side menu. */
const MODULES: { label: string; on: (user: UserData) => boolean }[] = [
  { label: "Доски задач", on: (user) => user.boards },
  { label: "Списки", on: (user) => user.table_lists },
  { label: "Таблицы", on: (user) => user.tables_enabled },
  { label: "Загрузка DairyComp 305", on: (user) => user.dc_305 },
  { label: "Выгрузка данных", on: (user) => user.export_module },
  { label: "BI-отчёты", on: (user) => user.use_bi },
  { label: "Генератор ключей", on: (user) => user.keygen_workspaces.length > 0 },
  { label: "Генератор отчётов", on: (user) => user.report_generator_workspaces.length > 0 },
];

function Names({ items, empty }: { items: { key: string; node: ReactNode }[]; empty: string }) {
  if (items.length === 0) return <Typography.Text type="secondary">{empty}</Typography.Text>;
  return (
    <ul style={{ margin: 0, paddingInlineStart: 20 }}>
      {items.map((item) => (
        <li key={item.key}>{item.node}</li>
      ))}
    </ul>
  );
}

/** The «Сервисы» tab: the user's companies, farms and which modules are on — read only. */
export function ServicesTab({ user }: { user: UserData }) {
  const { token } = theme.useToken();
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} md={12}>
        <Card title="Компании" size="small">
          <Names
            items={user.user_companies.map((company) => ({ key: company.uuid, node: company.name }))}
            empty="Нет компаний"
          />
        </Card>
      </Col>
      <Col xs={24} md={12}>
        <Card title="Фермы" size="small">
          <Names
            items={user.farms.map((farm) => ({
              key: farm.uuid,
              node: (
                <>
                  {farm.name} {farm.use_genetic ? <Tag color="green">генетика</Tag> : null}
                </>
              ),
            }))}
            empty="Нет ферм"
          />
        </Card>
      </Col>
      <Col span={24}>
        <Card title="Модули" size="small">
          <ul aria-label="Модули" style={{ margin: 0, padding: 0, listStyle: "none" }}>
            {MODULES.map((module) => {
              const on = module.on(user);
              return (
                <li key={module.label} style={{ padding: "4px 0" }}>
                  <Flex gap="small" align="center">
                    {on ? (
                      <CheckCircleFilled style={{ color: token.colorSuccess }} aria-hidden />
                    ) : (
                      <MinusCircleOutlined style={{ color: token.colorTextQuaternary }} aria-hidden />
                    )}
                    <span>{module.label}</span>
                    <Typography.Text type="secondary">{on ? "подключён" : "не подключён"}</Typography.Text>
                  </Flex>
                </li>
              );
            })}
          </ul>
        </Card>
      </Col>
    </Row>
  );
}
