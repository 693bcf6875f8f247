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
  /** Commands whose signature checked out. */
  received: Record<string, unknown>[];
  /** Payloads on the command topic that were not the server's. */
  ignored: string[];
  /** The server's answers on the ack topic. */
  acks: Record<string, unknown>[];
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
/** The key a device signs with: SHA-256 hex of its secret. */
export function signingKey(secret: string): string;
/** An MQTT payload: `{timestamp, signature, body}`, the message signed with the device's key. */
export function signedPayload(secret: string, message: object, timestamp?: string): string;
/** A signed command checked as a device checks it; undefined when it is not the server's. */
export function openCommand(
  secret: string,
  payload: Buffer | string,
  now?: number,
): Record<string, unknown> | undefined;
