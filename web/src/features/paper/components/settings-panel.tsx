import {
  Button,
  Center,
  Divider,
  Drawer,
  Group,
  Loader,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Timing } from '@/generated/codes';
import type { PaperGlobalSettings } from '@/generated/PaperGlobalSettings';
import type { PaperHeaderInfo } from '@/generated/PaperHeaderInfo';
import { useHeaderInfo, useSaveGlobalSettings, useSaveHeaderInfo } from '../api/handout';
import {
  FONT_SIZE_MAX,
  FONT_SIZE_MIN,
  fontFamilyError,
  fontSizeError,
  HEADER_FIELDS,
  headerFieldError,
  LINE_HEIGHT_MAX,
  LINE_HEIGHT_MIN,
  lineHeightError,
  PAPER_FONTS,
} from '../paper-rules';

const saved = (message: string) => notifications.show({ color: 'green', message, autoClose: Timing.TOAST_MS });

export interface SettingsPanelProps {
  paperId: number;
  opened: boolean;
  onClose: () => void;
  /** The paper's layout now. */
  settings: PaperGlobalSettings;
}

/**
 * 讲义设置: the header printed above the paper and its font and spacing (saved settings go into
 * the live detail, which styles the editing area).
 */
export function SettingsPanel({ paperId, opened, onClose, settings }: SettingsPanelProps) {
  return (
    <Drawer opened={opened} onClose={onClose} title="讲义设置" position="right" size="lg">
      {opened && (
        <Stack gap="lg">
          <HeaderInfoForm paperId={paperId} />
          <Divider />
          <GlobalSettingsForm paperId={paperId} settings={settings} />
        </Stack>
      )}
    </Drawer>
  );
}

/** 页眉信息: read when the panel opens, limits as the server's. */
export function HeaderInfoForm({ paperId }: { paperId: number }) {
  const header = useHeaderInfo(paperId);
  const saveHeader = useSaveHeaderInfo(paperId);
  const form = useForm<PaperHeaderInfo>({
    mode: 'controlled',
    initialValues: {
      title: '',
      subtitle: '',
      teacherName: '',
      studentName: '',
      className: '',
      lessonDate: '',
      showLogo: false,
    },
    validate: Object.fromEntries(HEADER_FIELDS.map((f) => [f.key, (v: string) => headerFieldError(f.key, v)])),
  });
  // The fields take each header read or saved (adjusted while rendering, not in an effect). A
  // failed read leaves them empty (the API client has said why).
  const [shown, setShown] = useState<PaperHeaderInfo | null>(null);
  if (header.data && header.data !== shown) {
    setShown(header.data);
    form.setValues(header.data);
    form.resetDirty(header.data);
  }

  // A failure: the API client has shown the server's message.
  const submit = form.onSubmit((values) => saveHeader.mutate(values, { onSuccess: () => saved('页眉信息已保存') }));

  return (
    <form onSubmit={submit} aria-label="页眉信息" noValidate>
      <Stack gap="sm">
        <Title order={5}>页眉信息</Title>
        {header.isPending ? (
          <Center mih={120}>
            <Loader aria-label="正在加载页眉信息" size="sm" />
          </Center>
        ) : (
          <>
            <SimpleGrid cols={2}>
              {HEADER_FIELDS.map((f) => (
                <TextInput key={f.key} label={f.label} {...form.getInputProps(f.key)} />
              ))}
            </SimpleGrid>
            <Switch label="显示Logo" {...form.getInputProps('showLogo', { type: 'checkbox' })} />
            <Group justify="flex-end">
              <Button type="submit" loading={saveHeader.isPending}>
                保存页眉
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </form>
  );
}

interface SettingsValues {
  fontFamily: string | null;
  fontSize: number | string;
  lineHeight: number | string;
}

/** 版式设置: font family, size (10–32) and line height (1–3), as the server checks them. */
export function GlobalSettingsForm({ paperId, settings }: { paperId: number; settings: PaperGlobalSettings }) {
  const saveSettings = useSaveGlobalSettings(paperId);
  const form = useForm<SettingsValues>({
    mode: 'controlled',
    initialValues: { ...settings },
    validate: { fontFamily: fontFamilyError, fontSize: fontSizeError, lineHeight: lineHeightError },
  });

  // A failure: the API client has shown the server's message.
  const submit = form.onSubmit((values) =>
    saveSettings.mutate(
      { fontFamily: values.fontFamily ?? '', fontSize: Number(values.fontSize), lineHeight: Number(values.lineHeight) },
      { onSuccess: () => saved('版式设置已保存') },
    ),
  );

  return (
    <form onSubmit={submit} aria-label="版式设置" noValidate>
      <Stack gap="sm">
        <Title order={5}>版式设置</Title>
        <Select
          label="字体"
          data={PAPER_FONTS.map((f) => ({ value: f.value, label: f.label }))}
          allowDeselect={false}
          comboboxProps={{ withinPortal: false }}
          {...form.getInputProps('fontFamily')}
        />
        <SimpleGrid cols={2}>
          <NumberInput
            label="字号"
            min={FONT_SIZE_MIN}
            max={FONT_SIZE_MAX}
            allowDecimal={false}
            clampBehavior="none"
            {...form.getInputProps('fontSize')}
          />
          <NumberInput
            label="行距"
            min={LINE_HEIGHT_MIN}
            max={LINE_HEIGHT_MAX}
            step={0.1}
            decimalScale={2}
            clampBehavior="none"
            {...form.getInputProps('lineHeight')}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={saveSettings.isPending}>
            保存设置
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
