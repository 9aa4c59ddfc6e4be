// Imported first by tests that load streaming handler modules: middy reads `awslambda` at module load.
import { installAwsLambdaShim } from '../awslambda-shim';

installAwsLambdaShim();
