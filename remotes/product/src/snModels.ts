import { api } from '@console/sdk';
import { useEffect, useState } from 'react';

/** An SN rule as a group's form asks for it. */
export interface SnRule {
  formName: string;
  attribute: string;
  inputMethod: 'input' | 'select';
  options: string[];
  yearOption: boolean;
  monthOption: boolean;
  maxLength: number;
  required: boolean;
  sort: number;
  splice: boolean;
}

/** A released model as the SN pages pick it. */
export interface ModelOption {
  id: string;
  name: string;
  code: string;
  aliasPrefix: string;
  snSuffixDigits: number;
  rules: SnRule[];
}

/** The released models, from `path` (each SN page has its own, under its own right). */
export function useReleasedModels(path: string): ModelOption[] {
  const [models, setModels] = useState<ModelOption[]>([]);
  useEffect(() => {
    void api
      .get<ModelOption[]>(path, undefined, { quiet: true })
      .then(setModels)
      .catch(() => setModels([]));
  }, [path]);
  return models;
}

/** The options of a rule's drop-down: its own, then this year and month where it offers them. */
export function ruleChoices(rule: SnRule, now: Date): string[] {
  const choices = [...rule.options];
  const year = String(now.getUTCFullYear());
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  if (rule.yearOption && !choices.includes(year)) choices.push(year);
  if (rule.monthOption && !choices.includes(month)) choices.push(month);
  return choices;
}
