import { ToolListScreen } from './ToolListScreen';

export function MyToolsScreen() {
  return <ToolListScreen scope="personal" />;
}
