import { App, Input } from 'antd';
import type { ReactNode } from 'react';

/** A confirmation that asks for a reason (reset, unbind, initialise, reject): OK sends it, an
 * empty reason keeps the dialog open with `required` shown. */
export function useReasonPrompt() {
  const { message, modal } = App.useApp();
  return (options: { title: ReactNode; hint?: ReactNode; placeholder: string; testId: string; onOk: (reason: string) => Promise<unknown> }) => {
    let reason = '';
    modal.confirm({
      title: options.title,
      content: (
        <>
          {options.hint && <p>{options.hint}</p>}
          <Input.TextArea data-testid={options.testId} rows={3} maxLength={800} placeholder={options.placeholder} onChange={(e) => (reason = e.target.value)} />
        </>
      ),
      onOk: () => {
        if (reason.trim()) return options.onOk(reason.trim());
        void message.error(options.placeholder);
        return Promise.reject(new Error(options.placeholder));
      },
    });
  };
}
