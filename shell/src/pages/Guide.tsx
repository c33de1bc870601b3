import { useCurrentUser } from '@console/sdk';
import { Steps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

import { PageCard } from './common';

export default function Guide() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const steps = t('guide.steps', { returnObjects: true }) as string[];
  return (
    <PageCard title={t('menu.1')}>
      <Typography.Title level={3}>{t('guide.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">
        {user?.name} · {t('guide.intro')}
      </Typography.Paragraph>
      <Steps direction="vertical" current={-1} items={(Array.isArray(steps) ? steps : []).map((title) => ({ title }))} />
    </PageCard>
  );
}
