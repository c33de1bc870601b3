import Audit from './Audit';
import Classify from './Classify';
import Models from './Models';
import Products from './Products';
import SnGroups from './SnGroups';
import SnQuery from './SnQuery';
import Templates from './Templates';

/** The pages of the product plugin, by the route paths of its manifest's menus. */
const routes = [
  { path: '/product-manage/classify', Component: Classify },
  { path: '/product-manage/template', Component: Templates },
  { path: '/product-manage/product', Component: Products },
  { path: '/product-manage/product-modal', Component: Models },
  { path: '/product-manage/product-sn', Component: SnGroups },
  { path: '/product-manage/snGroupEvery', Component: SnQuery },
  { path: '/product-manage/product-audit', Component: Audit },
];

export default routes;
