import { api, session, type UserInfo } from '@console/sdk';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { LanguageSwitch } from './LanguageSwitch';
import { usePageTitle } from './title';

interface LoginAnswer extends UserInfo {
  token: string;
}

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  usePageTitle(t('login.submit'));
  const submit = async (values: { userName: string; password: string }) => {
    setBusy(true);
    try {
      const answer = await api.post<LoginAnswer>('/authority-service/authority/login', values);
      const { token, ...user } = answer;
      session.setToken(token);
      session.setUser(user);
      session.setTenant(user.tenantId === 0 ? '0' : String(user.tenantId));
      navigate('/', { replace: true });
    } catch {
      // The request layer showed the message.
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="login-screen">
      <div className="login-lang">
        <LanguageSwitch />
      </div>
      <Card className="login-card">
        <Typography.Title level={3}>{t('login.title')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('login.subtitle')}</Typography.Paragraph>
        <Form layout="vertical" onFinish={(values) => void submit(values)} requiredMark={false}>
          <Form.Item name="userName" label={t('login.userName')} rules={[{ required: true, message: t('login.required') }]}>
            <Input prefix={<UserOutlined />} autoComplete="username" size="large" />
          </Form.Item>
          <Form.Item name="password" label={t('login.password')} rules={[{ required: true, message: t('login.required') }]}>
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" size="large" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={busy}>
            {t('login.submit')}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
