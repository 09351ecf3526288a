import { useQueryClient } from '@tanstack/react-query';
import { useStore } from '@/lib/store';
import { generationProgress } from '../download-cache';

/** How far task `id`'s export is written (percent), from magic_001 progress reports; undefined when unknown. */
export function useGenerationProgress(id: number): number | undefined {
  return useStore(generationProgress(useQueryClient()), (progress) => progress.get(id));
}
