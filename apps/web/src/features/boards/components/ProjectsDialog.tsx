import { DeleteOutlined } from "@ant-design/icons";
import { BOARD_NAME_MAX, type BoardProject } from "@nadoy/contract/boards";
import { Button, Flex, Input, List, Modal, Select, Typography } from "antd";
import { useState } from "react";
import { useErrorToast } from "../../../shared/hooks/use-error-toast.ts";
import { errorMessage, isUnauthorized } from "../../../shared/lib/api-error.ts";
import { useCreateProject, useDeleteProject, useUpdateProject } from "../api.ts";

/** The colours a project may take (antd's palette). */
export const PROJECT_COLORS = [
  { value: "#1677ff", label: "Синий" },
  { value: "#52c41a", label: "Зелёный" },
  { value: "#faad14", label: "Жёлтый" },
  { value: "#fa541c", label: "Оранжевый" },
  { value: "#f5222d", label: "Красный" },
  { value: "#722ed1", label: "Фиолетовый" },
  { value: "#13c2c2", label: "Бирюзовый" },
  { value: "#8c8c8c", label: "Серый" },
];

const colorOptions = PROJECT_COLORS.map((c) => ({
  value: c.value,
  label: (
    <Flex align="center" gap={6}>
      <span style={{ width: 12, height: 12, borderRadius: 2, background: c.value, display: "inline-block" }} />
      {c.label}
    </Flex>
  ),
}));

/** Managers: the board's projects — add, rename, recolour, delete (their tasks keep going without one). */
export function ProjectsDialog({
  boardUuid,
  projects,
  onClose,
}: {
  boardUuid: string;
  projects: readonly BoardProject[];
  onClose: () => void;
}) {
  const create = useCreateProject(boardUuid);
  const update = useUpdateProject(boardUuid);
  const remove = useDeleteProject(boardUuid);
  const showError = useErrorToast();
  const failed = (error: unknown) => {
    if (!isUnauthorized(error)) showError(errorMessage(error));
  };
  const [name, setName] = useState("");
  const [color, setColor] = useState(PROJECT_COLORS[0]?.value ?? "#1677ff");

  const add = () => {
    const text = name.trim();
    if (!text) return;
    create.mutate({ name: text, color }, { onSuccess: () => setName(""), onError: failed });
  };

  return (
    <Modal open title="Проекты доски" footer={null} onCancel={onClose} destroyOnHidden>
      <List
        dataSource={[...projects]}
        locale={{ emptyText: "Проектов пока нет" }}
        renderItem={(project) => (
          <List.Item>
            <Flex gap={8} align="center" style={{ width: "100%" }}>
              <Select
                aria-label={`Цвет проекта «${project.name}»`}
                value={project.color}
                options={colorOptions}
                style={{ width: 150 }}
                onChange={(value: string) => update.mutate({ uuid: project.uuid, color: value }, { onError: failed })}
              />
              <Typography.Text
                style={{ flex: 1 }}
                editable={{
                  triggerType: ["text", "icon"],
                  maxLength: BOARD_NAME_MAX,
                  onChange: (value) => {
                    const text = value.trim();
                    if (text && text !== project.name)
                      update.mutate({ uuid: project.uuid, name: text }, { onError: failed });
                  },
                }}
              >
                {project.name}
              </Typography.Text>
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={`Удалить проект «${project.name}»`}
                onClick={() => remove.mutate(project.uuid, { onError: failed })}
              />
            </Flex>
          </List.Item>
        )}
      />
      <Flex gap={8} style={{ marginTop: 12 }}>
        <Select
          aria-label="Цвет нового проекта"
          value={color}
          options={colorOptions}
          onChange={setColor}
          style={{ width: 150 }}
        />
        <Input
          aria-label="Новый проект"
          placeholder="Название проекта"
          maxLength={BOARD_NAME_MAX}
          value={name}
          onChange={(event) => setName(event.target.value)}
          onPressEnter={add}
        />
        <Button type="primary" onClick={add} loading={create.isPending}>
          Добавить
        </Button>
      </Flex>
    </Modal>
  );
}
