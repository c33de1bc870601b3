import { api, useNamespace, usePermission } from '@console/sdk';
import { ModalForm } from '@console/sdk/ui';
import { App, Button, Form, InputNumber } from 'antd';
import { useEffect, useState } from 'react';

import { resources } from './i18n';

interface GuideSettings {
  screens: number;
}

/** The number of guide screens thing models are made for, beside the templates' title: shown to
 * whoever sees the templates, changed by whoever may edit them. */
export function GuideScreens() {
  const { t } = useNamespace('product', resources);
  const { message } = App.useApp();
  const mayEdit = usePermission()('product:template:edit');
  const [screens, setScreens] = useState<number>();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    api.get<GuideSettings>('/product-service/guide-screens').then(
      (kept) => setScreens(kept.screens),
      () => undefined,
    );
  }, []);
  return (
    <>
      <Button size="small" disabled={!mayEdit} onClick={() => setOpen(true)} data-testid="guide-screens">
        {t('guideScreensCount', { count: screens ?? 0 })}
      </Button>
      <ModalForm<GuideSettings>
        open={open}
        title={t('guideScreens')}
        failure="modify"
        initialValues={{ screens: screens ?? 3 }}
        onClose={() => setOpen(false)}
        onSubmit={(values) =>
          api.put<GuideSettings>('/product-service/guide-screens', values, { quiet: true }).then((kept) => {
            setScreens(kept.screens);
            void message.success(t('guideScreensSaved'));
          })
        }
      >
        <Form.Item name="screens" label={t('guideScreens')} extra={t('guideScreensHint')} rules={[{ required: true, type: 'integer', min: 1, max: 10 }]}>
          <InputNumber min={1} max={10} precision={0} />
        </Form.Item>
      </ModalForm>
    </>
  );
}
