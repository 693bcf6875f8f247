/** Types of device-simulator.mjs for the TypeScript tests and benchmarks that drive it. */
export interface SimulatedReading {
  time?: string | number;
  temperature: number;
  humidity?: number | null;
}
export interface SimulatedDevice {
  deviceCode: string;
  state: { beep: string; led: string };
  hold: boolean;
  received: Record<string, unknown>[];
  start(): Promise<SimulatedDevice>;
  release(): Promise<void>;
  next(): SimulatedReading;
  send(readings?: SimulatedReading[]): Promise<unknown>;
  reportState(): Promise<void>;
  stop(): Promise<void>;
}
export function createDevice(options: {
  tenantId: string;
  deviceCode: string;
  secret: string;
  httpBase?: string;
  mqttUrl?: string;
  transport?: 'http' | 'mqtt';
  temperature?: number;
  humidity?: number;
  excursionChance?: number;
  /** HTTP requests signed (HMAC-SHA256) instead of carrying the secret. */
  sign?: boolean;
}): SimulatedDevice;
export function feedHeaders(
  secret: string,
  body: string,
  sign?: boolean,
  timestamp?: string,
): Record<string, string>;
