// The one `shared` map of the shell and every remote: one React, one antd, one router, one
// i18next and one SDK in the page. Never an empty entry: it breaks React's dispatcher.
// Not @ant-design/icons: icons hold no state, and sharing them puts the whole set (211 KB gzip)
// into every console load; each bundle tree-shakes the few it uses instead.
const singleton = (requiredVersion: string) => ({ singleton: true, requiredVersion });

export const shared = {
  react: singleton('19.3.1'),
  'react-dom': singleton('19.3.1'),
  'react-router': singleton('7.18.5'),
  antd: singleton('6.6.8'),
  i18next: singleton('26.7.2'),
  'react-i18next': singleton('17.1.12'),
  dayjs: singleton('1.11.23'),
  '@console/sdk': singleton('0.1.0'),
  '@console/sdk/ui': singleton('0.1.0'),
};
