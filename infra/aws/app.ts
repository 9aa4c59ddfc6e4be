// The CDK app entry (cdk.json: `npx tsx infra/aws/app.ts`). Parameters come from context: see README.md, "Deploy to AWS".
import { App } from 'aws-cdk-lib';
import { buildWayfarer } from './wayfarer-app';

const app = new App();
// `-c skipWebAssets=true` synthesizes without uploading the SPA and locales (infrastructure-only changes).
const skipWebAssets = String(app.node.tryGetContext('skipWebAssets')) === 'true';
buildWayfarer(app, { deployWebAssets: !skipWebAssets });
app.synth();
