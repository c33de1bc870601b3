import { Button, Result } from 'antd';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

function Panel({ name, onRetry }: { name: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={t('errors.remoteFailed')}
      subTitle={t('errors.remoteFailedHint', { name })}
      extra={<Button onClick={onRetry}>{t('errors.retry')}</Button>}
      data-testid="remote-error"
    />
  );
}

/** A page that fails to load or render shows a panel in its place; the shell goes on. */
export class PageBoundary extends Component<{ name: string; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`page ${this.props.name} failed`, error, info.componentStack);
  }

  render() {
    return this.state.failed ? <Panel name={this.props.name} onRetry={() => this.setState({ failed: false })} /> : this.props.children;
  }
}
