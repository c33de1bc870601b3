import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Each test renders into a clean document.
afterEach(() => cleanup());

// antd needs matchMedia, which jsdom lacks.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({ matches: false, media: query, onchange: null, addListener: () => {}, removeListener: () => {}, addEventListener: () => {}, removeEventListener: () => {}, dispatchEvent: () => false }) as MediaQueryList;
}

// antd's virtual lists measure themselves; jsdom has no ResizeObserver.
if (!('ResizeObserver' in window)) {
  class ResizeObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  (window as unknown as { ResizeObserver: typeof ResizeObserver }).ResizeObserver = ResizeObserver;
  (globalThis as unknown as { ResizeObserver: typeof ResizeObserver }).ResizeObserver = ResizeObserver;
}

// antd's modals measure the scroll bar with getComputedStyle(element, '::-webkit-scrollbar');
// jsdom does not implement pseudo-elements and logs an error. Answer for the element instead.
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computedStyle(element);
