import { describe, expect, it } from 'vitest';

import { toBody, toForm, type ProductRow } from './productForm';

const stored = (object: string) => ({ fileName: `${object}.png`, object });

const row: ProductRow = {
  id: '7',
  version: 3,
  productKey: 'pp3atc3hcaq',
  name: 'RV20',
  templateId: '4',
  transportProtocol: 'mqtt',
  connection: 'wifi',
  bluetoothPrefix: '',
  hotspotPrefix: 'RV-AP',
  clearHistory: true,
  image: stored('product/a'),
  pairingGuide: { title: 'Pair', instructions: '', picture: stored('product/b'), steps: ['Hold', 'Scan'] },
  startupGuide: { images: [stored('product/c'), stored('product/d')], confirmDescription: '', buttonText: 'Go', screens: 1 },
  content: { ar: { name: 'مكنسة', description: '' } },
  splash: { durationS: 3, resourceVersion: '2' },
  servicePhone: '+86 400',
  serviceEmail: '',
  introZh: '',
  introEn: '',
  videoLink: '',
  regions: ['asia'],
  status: 'unpublished',
  sort: 0,
};

describe('the product form', () => {
  it('keeps stored pictures by their object names and nests what the routes take', () => {
    const body = toBody({ ...row, ...toForm(row) } as unknown as Record<string, unknown>);
    expect(body.image).toBe('product/a');
    expect(body.pairingGuide).toMatchObject({ title: 'Pair', picture: 'product/b', steps: ['Hold', 'Scan'] });
    expect((body.startupGuide as { images: string[] }).images).toEqual(['product/c', 'product/d']);
    expect((body.content as Record<string, { name: string }>).ar.name).toBe('مكنسة');
    expect(Object.keys(body.content as object)).toHaveLength(9);
  });

  it('sends steps one per line, blank lines dropped, and an empty startup slot not at all', () => {
    const body = toBody({ name: 'RV20', pairingSteps: 'Hold\n\n  Scan  \n', startup1: 'up9' });
    expect((body.pairingGuide as { steps: string[] }).steps).toEqual(['Hold', 'Scan']);
    expect((body.startupGuide as { images: string[] }).images).toEqual(['up9']);
  });
});
