// Maps for the world page: Natural Earth's countries (world-atlas, TopoJSON) keyed by ISO 3166-1
// alpha-2, and China's provinces (antvis china-geojson) keyed by ISO 3166-2. Both ship in this
// remote's lazily loaded chunk: no tiles or map data from outside.
import { PngButton, useEChart } from '@console/sdk/charts';
import { MapChart } from 'echarts/charts';
import { TooltipComponent, VisualMapComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { numericToAlpha2 } from 'i18n-iso-countries';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GeometryCollection, Topology } from 'topojson-specification';

echarts.use([MapChart, TooltipComponent, VisualMapComponent, CanvasRenderer]);

export type MapName = 'world' | 'china';

/** China's provinces: the GB/T 2260 code the map data uses, its ISO 3166-2 code, and its name in Latin and Cyrillic script (the map data has the Chinese). */
const PROVINCES: [string, string, string, string][] = [
  ['11', 'CN-BJ', 'Beijing', 'Пекин'],
  ['12', 'CN-TJ', 'Tianjin', 'Тяньцзинь'],
  ['13', 'CN-HE', 'Hebei', 'Хэбэй'],
  ['14', 'CN-SX', 'Shanxi', 'Шаньси'],
  ['15', 'CN-NM', 'Inner Mongolia', 'Внутренняя Монголия'],
  ['21', 'CN-LN', 'Liaoning', 'Ляонин'],
  ['22', 'CN-JL', 'Jilin', 'Цзилинь'],
  ['23', 'CN-HL', 'Heilongjiang', 'Хэйлунцзян'],
  ['31', 'CN-SH', 'Shanghai', 'Шанхай'],
  ['32', 'CN-JS', 'Jiangsu', 'Цзянсу'],
  ['33', 'CN-ZJ', 'Zhejiang', 'Чжэцзян'],
  ['34', 'CN-AH', 'Anhui', 'Аньхой'],
  ['35', 'CN-FJ', 'Fujian', 'Фуцзянь'],
  ['36', 'CN-JX', 'Jiangxi', 'Цзянси'],
  ['37', 'CN-SD', 'Shandong', 'Шаньдун'],
  ['41', 'CN-HA', 'Henan', 'Хэнань'],
  ['42', 'CN-HB', 'Hubei', 'Хубэй'],
  ['43', 'CN-HN', 'Hunan', 'Хунань'],
  ['44', 'CN-GD', 'Guangdong', 'Гуандун'],
  ['45', 'CN-GX', 'Guangxi', 'Гуанси'],
  ['46', 'CN-HI', 'Hainan', 'Хайнань'],
  ['50', 'CN-CQ', 'Chongqing', 'Чунцин'],
  ['51', 'CN-SC', 'Sichuan', 'Сычуань'],
  ['52', 'CN-GZ', 'Guizhou', 'Гуйчжоу'],
  ['53', 'CN-YN', 'Yunnan', 'Юньнань'],
  ['54', 'CN-XZ', 'Xizang', 'Сицзан'],
  ['61', 'CN-SN', 'Shaanxi', 'Шэньси'],
  ['62', 'CN-GS', 'Gansu', 'Ганьсу'],
  ['63', 'CN-QH', 'Qinghai', 'Цинхай'],
  ['64', 'CN-NX', 'Ningxia', 'Нинся'],
  ['65', 'CN-XJ', 'Xinjiang', 'Синьцзян'],
  ['71', 'CN-TW', 'Taiwan', 'Тайвань'],
  ['81', 'CN-HK', 'Hong Kong', 'Сянган'],
  ['82', 'CN-MO', 'Macao', 'Аомэнь'],
];

/** The BCP 47 tag of a console language (zhCn → zh-CN). */
export const localeOf = (lang: string) => (lang === 'zhCn' ? 'zh-CN' : lang);

const chineseNames = new Map<string, string>();

/** A place's name in `lang`: a country by its ISO 3166-1 code, a province by its ISO 3166-2 code; anything else as it is. */
export function placeName(code: string, lang: string): string {
  const province = PROVINCES.find(([, iso]) => iso === code);
  if (province) {
    if (lang === 'zhCn') return chineseNames.get(code) ?? province[2];
    return lang === 'ru' ? province[3] : province[2];
  }
  if (/^[A-Z]{2}$/.test(code)) {
    try {
      return new Intl.DisplayNames([localeOf(lang)], { type: 'region' }).of(code) ?? code;
    } catch {
      return code;
    }
  }
  return code;
}

type Feature = { type: 'Feature'; id?: string | number; properties: { id?: string; name?: string }; geometry: unknown };
type Collection = { type: 'FeatureCollection'; features: Feature[] };

const loaded = new Map<MapName, Promise<void>>();

/** Registers the map with echarts once, each feature named by its ISO code. */
function load(map: MapName): Promise<void> {
  let done = loaded.get(map);
  if (!done) {
    done =
      map === 'world'
        ? Promise.all([import('world-atlas/countries-110m.json'), import('topojson-client')]).then(([data, topojson]) => {
            const topology = data.default as unknown as Topology<{ countries: GeometryCollection<{ name: string }> }>;
            const countries = topojson.feature(topology, topology.objects.countries) as unknown as Collection;
            for (const f of countries.features) f.properties = { name: numericToAlpha2(String(f.id ?? '')) ?? f.properties.name ?? '' };
            echarts.registerMap('console-world', countries as never);
          })
        : import('china-geojson/src/geojson/china.json').then((data) => {
            const china = structuredClone(data.default) as unknown as Collection;
            for (const f of china.features) {
              const gb = String(f.properties.id || f.id || '');
              const iso = PROVINCES.find(([code]) => code === gb)?.[1];
              if (iso) chineseNames.set(iso, f.properties.name ?? iso);
              f.properties = { name: iso ?? f.properties.name ?? '' };
            }
            echarts.registerMap('console-china', china as never);
          });
    loaded.set(map, done);
  }
  return done;
}

/**
 * A choropleth of `values` (ISO code → count) on the world or China map, with a tooltip naming
 * each place in the reader's language; with `fileName`, the user can save it as a PNG.
 */
export function GeoMap({
  map,
  values,
  seriesName,
  height = 460,
  testId,
  fileName,
}: {
  map: MapName;
  values: [string, number][];
  seriesName: string;
  height?: number;
  testId?: string;
  fileName?: string;
}) {
  const { i18n } = useTranslation();
  const { element, chart } = useEChart();
  const [ready, setReady] = useState<MapName | null>(null);

  useEffect(() => {
    let live = true;
    void load(map).then(() => live && setReady(map));
    return () => {
      live = false;
    };
  }, [map]);

  useEffect(() => {
    if (ready !== map) return;
    const lang = i18n.language;
    const max = Math.max(1, ...values.map(([, n]) => n));
    chart.current?.setOption(
      {
        tooltip: {
          trigger: 'item',
          formatter: (p: { name: string; value?: number }) => `${placeName(p.name, lang)}: ${Number.isFinite(p.value) ? p.value : 0}`,
        },
        visualMap: { min: 0, max, left: 8, bottom: 8, calculable: true, inRange: { color: ['#e6f4ff', '#1677ff', '#003eb3'] } },
        series: [
          {
            name: seriesName,
            type: 'map',
            map: `console-${map}`,
            roam: true,
            emphasis: { label: { show: false }, itemStyle: { areaColor: '#ffd666' } },
            itemStyle: { areaColor: '#f5f5f5', borderColor: '#bfbfbf' },
            data: values.map(([name, value]) => ({ name, value })),
          },
        ],
      },
      true,
    );
  }, [chart, ready, map, values, seriesName, i18n.language]);

  return (
    <div style={{ position: 'relative' }}>
      {fileName && <PngButton chart={chart} fileName={fileName} testId={testId} />}
      <div ref={element} data-testid={testId} data-map={ready ?? ''} style={{ width: '100%', height }} />
    </div>
  );
}
