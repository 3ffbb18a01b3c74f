/*
 * The full view became the stage (JobStage.tsx). Screens written against the old name (two screen stores,
 * a screen in progress) keep working through these aliases until their owners import './JobStage'.
 */
export { JobStage as ImageViewer } from './JobStage'
export type { ViewerActions, ViewerTarget } from './JobStage'
