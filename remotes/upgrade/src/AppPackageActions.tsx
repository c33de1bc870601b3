import { usePermission } from '@console/sdk';
import { useConfirm } from '@console/sdk/ui';
import { App, Space, Typography } from 'antd';
import type { ReactNode } from 'react';

import { useAppPackageName, useTexts } from './parts';
import { appPackages } from './service';
import { type AppMove, type AppPackage, mayDeleteApp, mayEditApp, mayMoveApp } from './types';

/** The dialogs a package's buttons open: a test's end with its report, and the release time. */
export type AppDialog = { kind: 'verdict'; pkg: AppPackage; passed: boolean } | { kind: 'schedule'; pkg: AppPackage };

export interface AppPackageActionsProps {
  pkg: AppPackage;
  reload: () => void;
  onEdit: () => void;
  onDialog: (dialog: AppDialog) => void;
}

/**
 * An app package's buttons, as its place in the flow and the user's actions allow (menu 5810):
 * edit and discard, delete and restore, submit to test and end the test, submit for review (the
 * review itself is in the process centre), and schedule, cancel or revoke the release.
 */
export function AppPackageActions({ pkg, reload, onEdit, onDialog }: AppPackageActionsProps) {
  const { t } = useTexts();
  const may = usePermission();
  const confirm = useConfirm();
  const { message } = App.useApp();
  const name = useAppPackageName()(pkg);
  const flow = (move: AppMove) => mayMoveApp(pkg, move);

  /** Calls, then says it was done and reloads. */
  const run = (call: () => Promise<unknown>, done: string) =>
    call().then(() => {
      void message.success(done);
      reload();
    });
  const link = (testId: string, label: string, onClick: () => void, danger = false) => (
    <a key={testId} className={danger ? 'danger' : undefined} data-testid={`${testId}-${pkg.id}`} onClick={onClick}>
      {label}
    </a>
  );
  /** A button that acts at once; the request layer has told the user of a failure. */
  const direct = (testId: string, label: string, call: () => Promise<unknown>, done: string) => link(testId, label, () => void run(call, done).catch(() => undefined));
  /** A button that asks first; the question stays open while the call runs. */
  const asked = (testId: string, label: string, title: string, hint: string, call: () => Promise<unknown>, done: string, danger = false) =>
    link(testId, label, () => confirm(title, hint, () => run(call, done)), danger);

  const buttons: ReactNode[] = [];
  if (pkg.status === 'underReview') {
    buttons.push(
      <Typography.Text key="review" type="secondary" data-testid={`waiting-review-${pkg.id}`}>
        {t('waitingForReview')}
      </Typography.Text>,
    );
  }
  if (may('app:upgrade:edit') && mayEditApp(pkg)) buttons.push(link('edit', t('edit'), onEdit));
  if (may('app:upgrade:test')) {
    if (flow('submitTest')) {
      buttons.push(asked('submit-test', t('submitTest'), t('submitTestTitle', { name }), t('submitTestHint'), () => appPackages.test(pkg.id, 'submit'), t('submittedToTest')));
    }
    if (flow('passTest')) buttons.push(link('pass-test', t('passTest'), () => onDialog({ kind: 'verdict', pkg, passed: true })));
    if (flow('failTest')) buttons.push(link('fail-test', t('failTest'), () => onDialog({ kind: 'verdict', pkg, passed: false })));
    if (flow('submitReview')) buttons.push(direct('submit-review', t('submitReview'), () => appPackages.submitReview(pkg.id), t('submittedForReview')));
  }
  if (may('app:upgrade:release')) {
    if (flow('release')) buttons.push(link('schedule', t('scheduleRelease'), () => onDialog({ kind: 'schedule', pkg })));
    if (flow('cancelRelease')) {
      buttons.push(asked('cancel-release', t('cancelRelease'), t('cancelReleaseTitle', { name }), t('cancelReleaseHint'), () => appPackages.release(pkg.id, 'cancel'), t('releaseCancelled')));
    }
    if (flow('revoke')) {
      buttons.push(asked('revoke', t('revoke'), t('appRevokeTitle', { name }), t('appRevokeHint'), () => appPackages.release(pkg.id, 'revoke'), t('appRevoked'), true));
    }
  }
  if (may('app:upgrade:edit') && flow('discard')) {
    buttons.push(asked('discard', t('discard'), t('discardTitle', { name }), t('discardHint'), () => appPackages.discard(pkg.id), t('discarded'), true));
  }
  if (may('app:upgrade:delete') && mayDeleteApp(pkg)) {
    buttons.push(
      pkg.deleted
        ? direct('restore', t('restore'), () => appPackages.restore(pkg.id), t('restored'))
        : asked('delete', t('delete'), t('deleteTitle', { name }), t('appDeleteHint'), () => appPackages.remove(pkg.id), t('deleted'), true),
    );
  }
  return (
    <Space wrap size="small">
      {buttons}
    </Space>
  );
}
