import { ToolListScreen } from './ToolListScreen';

export function CommonToolsScreen() {
  return <ToolListScreen scope="common" />;
}
