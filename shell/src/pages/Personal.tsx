import { api, session, useCurrentUser } from '@console/sdk';
import { showFieldError } from '@console/sdk/ui';
import { App, Button, Descriptions, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

import { toLogin } from '../app/App';
import { passwordRules } from './Accounts';
import { USER_CHANGED } from '../app/events';
import { AvatarField, PageCard } from './common';

export default function Personal() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const user = useCurrentUser();
  const [form] = Form.useForm();
  const rules = passwordRules(t);
  const changeAvatar = async (avatar: string) => {
    await api.post('/authority-service/authority/avatar', { avatar });
    const current = session.user();
    if (current) session.setUser({ ...current, headImageUrl: avatar });
    window.dispatchEvent(new Event(USER_CHANGED));
    void message.success(t('personal.avatarChanged'));
  };
  const submit = async (values: { oldPassword: string; password: string; confirmPassword: string }) => {
    try {
      await api.post('/authority-service/authority/changePassword', values, { quiet: true });
      void message.success(t('personal.changed'));
      session.clear();
      toLogin();
    } catch (error) {
      showFieldError(form, error);
    }
  };
  return (
    <PageCard title={t('personal.title')}>
      <Descriptions
        column={1}
        style={{ maxWidth: 520, marginBottom: 24 }}
        items={[
          { key: 'u', label: t('accounts.userName'), children: user?.userName },
          { key: 'n', label: t('accounts.name'), children: user?.name },
          {
            key: 'a',
            label: t('accounts.avatar'),
            children: (
              <div>
                <AvatarField value={user?.headImageUrl ?? ''} onChange={(avatar) => void changeAvatar(avatar).catch(() => undefined)} />
                <div className="ant-form-item-extra">{t('accounts.avatarRule')}</div>
              </div>
            ),
          },
        ]}
      />
      <Form form={form} layout="vertical" style={{ maxWidth: 420 }} onFinish={(values) => void submit(values)}>
        <Form.Item name="oldPassword" label={t('personal.oldPassword')} rules={[{ required: true }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="password" label={t('personal.newPassword')} rules={rules.password} extra={t('accounts.passwordRule')}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="confirmPassword" label={t('accounts.confirmPassword')} dependencies={['password']} rules={rules.confirm}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t('personal.changePassword')}
        </Button>
      </Form>
    </PageCard>
  );
}
