import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** The page title is the route title followed by the product tag. */
export function pageTitle(routeTitle: string, product: string) {
  return routeTitle ? `${routeTitle} - ${product}` : product;
}

export function usePageTitle(routeTitle: string) {
  const { t } = useTranslation();
  const product = t('app.product');
  useEffect(() => {
    document.title = pageTitle(routeTitle, product);
  }, [routeTitle, product]);
}
