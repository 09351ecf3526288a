import {
  Button,
  Group,
  Loader,
  Modal,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import type { ServiceType } from '@/generated/ServiceType';
import { showSuccess } from '@/lib/toast';
import { useSaveService, useService, useServiceIcons } from '../../api/services';
import {
  MAX_REQUIRED_TIMES,
  MAX_SORT_NO,
  PERIOD_TYPES,
  SERVICE_ROLES,
  SERVICE_SIDES,
  type ServiceErrors,
  serviceErrors,
  type ServiceValues,
  serviceValues,
  toServiceSave,
} from '../../service-form';
import { FormFieldsEditor } from './form-fields-editor';

const select = { allowDeselect: false, comboboxProps: { withinPortal: true } } as const;

interface ServiceFormProps {
  service: ServiceType | null;
  onSaved: () => void;
  onCancel: () => void;
}

function ServiceForm({ service, onSaved, onCancel }: ServiceFormProps) {
  const icons = useServiceIcons().data ?? [];
  const save = useSaveService();
  const [values, setValues] = useState<ServiceValues>(() => serviceValues(service));
  const [errors, setErrors] = useState<ServiceErrors>({});
  const [tried, setTried] = useState(false);
  const edit = (patch: Partial<ServiceValues>) => setValues((v) => ({ ...v, ...patch }));

  const submit = () => {
    const found = serviceErrors(values);
    setErrors(found);
    setTried(true);
    if (Object.keys(found).length > 0) return;
    save.mutate(toServiceSave(values, service?.id), {
      onSuccess: () => {
        showSuccess('服务已保存');
        onSaved();
      },
    });
  };

  return (
    <Stack gap="sm">
      <SimpleGrid cols={2} spacing="sm">
        <TextInput
          label="服务名称"
          withAsterisk
          value={values.name}
          error={errors.name}
          onChange={(e) => edit({ name: e.currentTarget.value })}
        />
        <Select
          {...select}
          label="图标"
          withAsterisk
          placeholder="请选择图标"
          data={icons.map((i) => ({ value: i.code, label: i.name }))}
          value={values.icon || null}
          error={errors.icon}
          onChange={(icon) => edit({ icon: icon ?? '' })}
        />
        <Select
          {...select}
          label="适用课程"
          data={SERVICE_SIDES}
          value={values.side}
          onChange={(side) => edit({ side: side ?? '0' })}
        />
        <MultiSelect
          label="执行角色"
          withAsterisk
          data={SERVICE_ROLES}
          value={values.roleCodes}
          error={errors.roleCodes}
          onChange={(roleCodes) => edit({ roleCodes })}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          {...select}
          label="周期"
          data={PERIOD_TYPES}
          value={values.periodType}
          onChange={(periodType) => edit({ periodType: periodType ?? 'week' })}
        />
        <NumberInput
          label="应服务次数"
          withAsterisk
          min={1}
          max={MAX_REQUIRED_TIMES}
          allowDecimal={false}
          value={values.requiredTimes}
          error={errors.requiredTimes}
          onChange={(v) => edit({ requiredTimes: typeof v === 'number' ? v : Number(v) })}
        />
        <NumberInput
          label="排序"
          min={0}
          max={MAX_SORT_NO}
          allowDecimal={false}
          value={values.sortNo}
          error={errors.sortNo}
          onChange={(v) => edit({ sortNo: typeof v === 'number' ? v : Number(v) || 0 })}
        />
        <Switch
          mt="lg"
          label="启用"
          checked={values.enabled}
          onChange={(e) => edit({ enabled: e.currentTarget.checked })}
        />
      </SimpleGrid>
      <FormFieldsEditor value={values.formFields} showErrors={tried} onChange={(formFields) => edit({ formFields })} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          取消
        </Button>
        <Button onClick={submit} loading={save.isPending}>
          保存
        </Button>
      </Group>
    </Stack>
  );
}

/** An edited service read afresh (its form fields may have changed meanwhile). */
function EditServiceForm({ id, onSaved, onCancel }: { id: number; onSaved: () => void; onCancel: () => void }) {
  const query = useService(id);
  if (!query.data) return query.isError ? null : <Loader size="sm" aria-label="加载中" />;
  return <ServiceForm service={query.data} onSaved={onSaved} onCancel={onCancel} />;
}

export interface ServiceModalProps {
  /** 'new', a service's id to edit, or null: closed. */
  editing: 'new' | number | null;
  onClose: () => void;
}

/** 新增服务 / 编辑服务. */
export function ServiceModal({ editing, onClose }: ServiceModalProps) {
  return (
    <Modal opened={editing !== null} onClose={onClose} title={editing === 'new' ? '新增服务' : '编辑服务'} size="lg">
      {editing === 'new' && <ServiceForm service={null} onSaved={onClose} onCancel={onClose} />}
      {typeof editing === 'number' && <EditServiceForm id={editing} onSaved={onClose} onCancel={onClose} />}
    </Modal>
  );
}
