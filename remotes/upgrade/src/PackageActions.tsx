import { usePermission } from '@console/sdk';
import { useConfirm, useDeleteByName } from '@console/sdk/ui';
import { App, Space, Typography } from 'antd';
import type { ReactNode } from 'react';

import { useTexts } from './parts';
import { packages } from './service';
import { type FirmwarePackage, mayChangeRollout, mayDelete, mayEdit } from './types';

export interface PackageActionsProps {
  pkg: FirmwarePackage;
  reload: () => void;
  onEdit: () => void;
  onStrategy: () => void;
  onSteps: () => void;
}

/**
 * A package's buttons on the publish page, as its status and the user's actions allow (menu
 * 5801): edit, delete, apply to go online and cancel, the release strategy, and confirm, pause,
 * resume and revoke the release. Reviews happen in the process centre.
 */
export function PackageActions({ pkg, reload, onEdit, onStrategy, onSteps }: PackageActionsProps) {
  const { t } = useTexts();
  const may = usePermission();
  const confirm = useConfirm();
  const deleteByName = useDeleteByName();
  const { message, modal } = App.useApp();
  const name = `${pkg.modelCode} ${pkg.targetVersionName}`;
  const { status } = pkg;

  /** Asks, calls, then says it was done and reloads. */
  const act = (testId: string, label: string, title: string, content: ReactNode, call: () => Promise<unknown>, done: string) => (
    <a
      key={testId}
      data-testid={`${testId}-${pkg.id}`}
      onClick={() =>
        confirm(title, content, () =>
          call().then(() => {
            void message.success(done);
            reload();
          }),
        )
      }
    >
      {label}
    </a>
  );

  const apply = () => {
    if (pkg.testSns.length) {
      modal.warning({ title: t('apply'), content: t('deleteTestSnsFirst', { count: pkg.testSns.length }) });
      return;
    }
    // A development or test package goes online only when reconfirmed.
    const formal = pkg.packageType === 'production';
    confirm(formal ? t('applyTitle', { name }) : t('reconfirmTitle'), formal ? t('applyHint') : t('notFormalPackage', { type: t(`type_${pkg.packageType}`) }), () =>
      packages.application(pkg.id, 'apply', { confirm: !formal }).then(() => {
        void message.success(t('awaitsRelease'));
        reload();
      }),
    );
  };

  const buttons: ReactNode[] = [
    <a key="steps" onClick={onSteps} data-testid={`steps-${pkg.id}`}>
      {t('steps')}
    </a>,
  ];
  if (status === 'pendingReview') {
    buttons.push(
      <Typography.Text key="review" type="secondary" data-testid={`waiting-review-${pkg.id}`}>
        {t('waitingForReview')}
      </Typography.Text>,
    );
  }
  if (may('ota:package:edit') && mayEdit(status)) {
    buttons.push(
      <a key="edit" onClick={onEdit} data-testid={`edit-${pkg.id}`}>
        {t('edit')}
      </a>,
    );
  }
  if (may('ota:package:apply') && status === 'testComplete') {
    buttons.push(
      <a key="apply" onClick={apply} data-testid={`apply-${pkg.id}`}>
        {t('apply')}
      </a>,
    );
  }
  if (may('ota:package:apply') && status === 'pendingRelease') {
    buttons.push(
      act('cancel-application', t('cancelApplication'), t('cancelApplicationTitle', { name }), t('cancelApplicationHint'), () => packages.application(pkg.id, 'cancel'), t('applicationCancelled')),
    );
  }
  if (may('ota:release:edit') && mayChangeRollout(status)) {
    buttons.push(
      <a key="strategy" onClick={onStrategy} data-testid={`strategy-${pkg.id}`}>
        {t('releaseStrategy')}
      </a>,
    );
  }
  if (may('ota:release:run')) {
    if (status === 'pendingRelease') {
      buttons.push(act('release', t('confirmRelease'), t('startGrayTitle', { name }), t('startGrayHint'), () => packages.release(pkg.id, 'confirm'), t('grayStarted')));
    }
    if (status === 'inGray') {
      buttons.push(act('release', t('releaseToAll'), t('releaseToAllTitle', { name }), t('releaseToAllHint'), () => packages.release(pkg.id, 'confirm'), t('releasedToAll')));
      buttons.push(act('pause', t('pause'), t('pauseTitle', { name }), t('pauseHint'), () => packages.release(pkg.id, 'pause'), t('paused')));
    }
    if (status === 'grayPaused') {
      buttons.push(act('resume', t('resume'), t('resumeTitle', { name }), t('resumeHint'), () => packages.release(pkg.id, 'resume'), t('resumed')));
    }
    if (status === 'inGray' || status === 'grayPaused') {
      buttons.push(act('revoke', t('revoke'), t('revokeTitle', { name }), t('revokeHint'), () => packages.release(pkg.id, 'revoke'), t('revoked')));
    }
  }
  // Never once devices had it: a revoked gray is kept with its history.
  if (may('ota:package:delete') && mayDelete(status) && pkg.grayStartedAt == null) {
    buttons.push(
      <a
        key="delete"
        className="danger"
        data-testid={`delete-${pkg.id}`}
        onClick={() =>
          deleteByName(name, (typed) =>
            packages.remove(pkg.id, typed).then(() => {
              void message.success(t('deleted'));
              reload();
            }),
          )
        }
      >
        {t('delete')}
      </a>,
    );
  }
  return (
    <Space wrap size="small">
      {buttons}
    </Space>
  );
}
