// The product form's flat fields and the nested body the product routes take (plugins/product/src/products.rs).

export interface StoredFile {
  fileName: string;
  object: string;
}

export interface LocalText {
  name: string;
  description: string;
}

export interface ProductRow {
  id: string;
  version: number;
  productKey: string;
  name: string;
  templateId: string;
  transportProtocol: string;
  connection: string;
  bluetoothPrefix: string;
  hotspotPrefix: string;
  clearHistory: boolean;
  image?: StoredFile;
  imageUrl?: string;
  pairingGuide: { title: string; instructions: string; picture?: StoredFile; scenePicture?: StoredFile; steps: string[] };
  startupGuide: { images: StoredFile[]; confirmDescription: string; buttonText: string; screens: number };
  content: Record<string, LocalText>;
  splash: { image?: StoredFile; durationS: number; resourceVersion: string };
  servicePhone: string;
  serviceEmail: string;
  introZh: string;
  introEn: string;
  videoLink: string;
  regions: string[];
  status: string;
  sort: number;
}

/** Languages of product content: the console's seven, Arabic and Hindi. */
export const CONTENT_LANGS = ['zhCn', 'en', 'de', 'es', 'fr', 'pt', 'ru', 'ar', 'hi'] as const;
export const RTL = new Set(['ar']);
export const STARTUP_SLOTS = [0, 1, 2];

const text = (values: Record<string, unknown>, key: string) => (typeof values[key] === 'string' ? (values[key] as string) : '');

/** The body the product routes take, from the form's flat fields. */
export function toBody(values: Record<string, unknown>): Record<string, unknown> {
  const content: Record<string, LocalText> = {};
  for (const lang of CONTENT_LANGS) content[lang] = { name: text(values, `name_${lang}`), description: text(values, `description_${lang}`) };
  return {
    name: values.name,
    templateId: values.templateId,
    connection: values.connection,
    bluetoothPrefix: text(values, 'bluetoothPrefix'),
    hotspotPrefix: text(values, 'hotspotPrefix'),
    clearHistory: values.clearHistory ?? false,
    regions: values.regions ?? [],
    image: text(values, 'image'),
    pairingGuide: {
      title: text(values, 'pairingTitle'),
      instructions: text(values, 'pairingInstructions'),
      picture: text(values, 'pairingPicture'),
      scenePicture: text(values, 'scenePicture'),
      steps: text(values, 'pairingSteps')
        .split('\n')
        .map((s) => s.trim())
        .filter(Boolean),
    },
    startupGuide: {
      images: STARTUP_SLOTS.map((n) => text(values, `startup${n}`)).filter(Boolean),
      confirmDescription: text(values, 'startupConfirm'),
      buttonText: text(values, 'startupButton'),
      screens: values.startupScreens ?? 0,
    },
    content,
    splash: { image: text(values, 'splashImage'), durationS: values.splashDuration ?? 0, resourceVersion: text(values, 'splashVersion') },
    servicePhone: text(values, 'servicePhone'),
    serviceEmail: text(values, 'serviceEmail'),
    introZh: text(values, 'introZh'),
    introEn: text(values, 'introEn'),
    videoLink: text(values, 'videoLink'),
  };
}

/** A row as the form's flat fields; a stored picture is kept by its object name. */
export function toForm(row: ProductRow): Record<string, unknown> {
  const values: Record<string, unknown> = {
    image: row.image?.object,
    pairingTitle: row.pairingGuide.title,
    pairingInstructions: row.pairingGuide.instructions,
    pairingPicture: row.pairingGuide.picture?.object,
    scenePicture: row.pairingGuide.scenePicture?.object,
    pairingSteps: row.pairingGuide.steps.join('\n'),
    startupConfirm: row.startupGuide.confirmDescription,
    startupButton: row.startupGuide.buttonText,
    startupScreens: row.startupGuide.screens,
    splashImage: row.splash.image?.object,
    splashDuration: row.splash.durationS,
    splashVersion: row.splash.resourceVersion,
  };
  STARTUP_SLOTS.forEach((n) => (values[`startup${n}`] = row.startupGuide.images[n]?.object));
  for (const lang of CONTENT_LANGS) {
    values[`name_${lang}`] = row.content[lang]?.name;
    values[`description_${lang}`] = row.content[lang]?.description;
  }
  return values;
}
