import { ConsoleLayout } from './Layout';
import { SessionWiring } from './SessionWiring';
import { ConsoleTheme } from './theme';

/** The signed-in console: antd's theme and locale, the request layer's toasts, the layout. */
export default function ConsoleApp() {
  return (
    <ConsoleTheme>
      <SessionWiring />
      <ConsoleLayout />
    </ConsoleTheme>
  );
}
