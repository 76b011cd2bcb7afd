import { createContext } from 'react';
import type { QueryClient } from '@tanstack/react-query';

/** The server renderer's query client for the page being rendered (null in the browser). */
export const ServerQueryClientContext = createContext<QueryClient | null>(null);
