import { App, message } from 'antd';

type AppApi = ReturnType<typeof App.useApp>;

/** antd's message and modal bound to the app's theme and locale, for code outside components. */
let api: AppApi | null = null;

/** Mounted once inside antd's `<App>`; hands its context-aware feedback API to plain modules. */
export function FeedbackBridge(): null {
  api = App.useApp();
  return null;
}

/** Toast duration of spec 01 §9, in seconds. */
export const toastSeconds = 5;

/** An error toast; toasts with the same key replace each other instead of piling up. */
export function toastError(content: string, key?: string): void {
  (api?.message ?? message).error({ content, duration: toastSeconds, key });
}

export function dismissToast(key: string): void {
  (api?.message ?? message).destroy(key);
}
