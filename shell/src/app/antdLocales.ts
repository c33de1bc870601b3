import type { Lang } from '@console/sdk';
import deDE from 'antd/es/locale/de_DE';
import enUS from 'antd/es/locale/en_US';
import esES from 'antd/es/locale/es_ES';
import frFR from 'antd/es/locale/fr_FR';
import ptPT from 'antd/es/locale/pt_PT';
import ruRU from 'antd/es/locale/ru_RU';
import zhCN from 'antd/es/locale/zh_CN';
import type { Locale } from 'antd/es/locale';

// antd's own texts follow the console language (from antd/es: the CommonJS path misbehaves in Vite builds).
export const ANTD_LOCALES: Record<Lang, Locale> = { zhCn: zhCN, en: enUS, de: deDE, es: esES, fr: frFR, pt: ptPT, ru: ruRU };
