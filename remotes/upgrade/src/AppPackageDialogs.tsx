import { ModalForm, UploadField } from '@console/sdk/ui';
import { App, DatePicker, Form, Input, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';

import type { AppDialog } from './AppPackageActions';
import { useAppPackageName, useTexts, when } from './parts';
import { appPackages, MOUNT } from './service';
import { type AppPackage, MAX_REPORT_MIB } from './types';

interface DialogProps<D> {
  dialog: D | null;
  onClose: () => void;
  onSaved: () => void;
}

/** The end of a test, passed or failed: both need the test report and a conclusion. */
function VerdictForm({ dialog, onClose, onSaved }: DialogProps<{ pkg: AppPackage; passed: boolean }>) {
  const { t } = useTexts();
  const { message } = App.useApp();
  const name = useAppPackageName();
  const passed = dialog?.passed ?? false;
  return (
    <ModalForm<{ report: string; conclusion: string }>
      open={dialog !== null}
      title={dialog ? t(passed ? 'passTestTitle' : 'failTestTitle', { name: name(dialog.pkg) }) : ''}
      onClose={onClose}
      onSubmit={({ report, conclusion }) =>
        dialog
          ? appPackages.test(dialog.pkg.id, passed ? 'pass' : 'fail', { report, conclusion }).then(() => {
              void message.success(passed ? t('testPassed') : t('testFailed'));
              onSaved();
            })
          : Promise.resolve()
      }
    >
      <Typography.Paragraph>{passed ? t('appPassTestHint') : t('appFailTestHint')}</Typography.Paragraph>
      <UploadField name="report" label={t('testReport')} mount={MOUNT} purpose="test-report" maxMib={MAX_REPORT_MIB} />
      <Form.Item name="conclusion" label={t('testConclusion')} rules={[{ required: true, whitespace: true, message: t('conclusionRequired') }]}>
        <Input.TextArea rows={4} maxLength={800} showCount data-testid="test-conclusion" />
      </Form.Item>
    </ModalForm>
  );
}

const upTo = (n: number) => Array.from({ length: n }, (_, i) => i);

/** Today's hours and minutes already gone (a minute is gone once it began). */
function pastTimes(date: Dayjs | null) {
  const now = dayjs();
  if (!date?.isSame(now, 'day')) return {};
  return {
    disabledHours: () => upTo(now.hour()),
    disabledMinutes: (hour: number) => (hour === now.hour() ? upTo(now.minute() + 1) : []),
  };
}

/** The release time: later than now, here as in the server (which says so if it has passed meanwhile). */
function ScheduleForm({ dialog, onClose, onSaved }: DialogProps<{ pkg: AppPackage }>) {
  const { t } = useTexts();
  const { message } = App.useApp();
  const name = useAppPackageName();
  return (
    <ModalForm<{ releaseAt: Dayjs }>
      open={dialog !== null}
      title={dialog ? t('scheduleTitle', { name: name(dialog.pkg) }) : ''}
      onClose={onClose}
      onSubmit={({ releaseAt }) =>
        dialog
          ? appPackages.release(dialog.pkg.id, 'schedule', { releaseAt: releaseAt.valueOf() }).then(() => {
              void message.success(t('releaseScheduled', { at: when(releaseAt.valueOf()) }));
              onSaved();
            })
          : Promise.resolve()
      }
    >
      <Typography.Paragraph>{t('scheduleHint')}</Typography.Paragraph>
      <Form.Item
        name="releaseAt"
        label={t('releaseAt')}
        rules={[
          { required: true, message: t('required') },
          { validator: (_, at: Dayjs | undefined) => (!at || at.isAfter(dayjs()) ? Promise.resolve() : Promise.reject(new Error(t('releaseAfterNow')))) },
        ]}
      >
        <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" disabledDate={(date) => date.isBefore(dayjs(), 'day')} disabledTime={pastTimes} showNow={false} data-testid="release-at" />
      </Form.Item>
    </ModalForm>
  );
}

/** The dialog a package's button opened, if any. */
export function AppDialogs({ dialog, onClose, onSaved }: DialogProps<AppDialog>) {
  return (
    <>
      <VerdictForm dialog={dialog?.kind === 'verdict' ? dialog : null} onClose={onClose} onSaved={onSaved} />
      <ScheduleForm dialog={dialog?.kind === 'schedule' ? dialog : null} onClose={onClose} onSaved={onSaved} />
    </>
  );
}
