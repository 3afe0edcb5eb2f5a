import type { ComponentType } from 'react';
import { createModelContext } from '../../lib/modelContext';
import type { NativeScreenId } from './model';

/**
 * What the content frame shows instead of a classic page on a native path (spec 2.2). The screens live in feature
 * folders that use the frame themselves, so app/ hands the renderer in and the frame imports none of them.
 */
export type NativeScreenRenderer = ComponentType<{ id: NativeScreenId }>;

export const NativeScreenContext = createModelContext<NativeScreenRenderer>('NativeScreen');
