import { ApiError } from '@bl/contract';
import { create } from 'zustand';
import { api, deviceSerial } from './api.ts';

/** The terminal record this sign-in is registered on (modules/handheld/terminals.ts). */
export interface Terminal {
  id: string;
  code: string;
  name: string;
  serialNumber: string;
  warehouseCode: string | null;
  deviceStatus: string;
}

/** `refused`: the server's message when the terminal is disabled, shown on the sign-in screen. */
export const useTerminal = create<{ terminal?: Terminal; refused?: string }>(() => ({}));

/**
 * Registers this device's serial for the current sign-in (made on first use, stamped with the
 * user and time), at every start of a signed-in app and after every sign-in. A disabled terminal is refused: the sign-in is given up, the message kept.
 */
let registering: Promise<Terminal | undefined> | undefined;

export function registerTerminal(warehouseCode?: string): Promise<Terminal | undefined> {
  // One registration at a time: the start and a warehouse choice may ask at once.
  registering ??= register(warehouseCode).finally(() => {
    registering = undefined;
  });
  return registering;
}

async function register(warehouseCode?: string): Promise<Terminal | undefined> {
  try {
    const terminal = await api.request<Terminal>('POST', '/api/bl-handheld/terminal/register', {
      body: { serial: deviceSerial(), ...(warehouseCode ? { warehouseCode } : {}) },
      quiet: true,
    });
    useTerminal.setState({ terminal, refused: undefined });
    return terminal;
  } catch (error) {
    if (error instanceof ApiError && error.code === 403) {
      useTerminal.setState({ terminal: undefined, refused: error.message });
      return undefined;
    }
    throw error;
  }
}
