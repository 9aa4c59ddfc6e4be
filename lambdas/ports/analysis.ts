import type { EmergencyResult, Location, Price } from '@wayfarer/shared/api/analysis';

// Travel analysis: prices, places and emergencies (OpenAI structured outputs, or the embedded analyser).
// Adapters implement these ports; services see them, never an SDK client (docs/DESIGN.md §3).

export interface Analyzer {
  emergency(text: string): Promise<EmergencyResult>;
  locations(text: string): Promise<readonly Location[]>;
  prices(text: string): Promise<readonly Price[]>;
}
