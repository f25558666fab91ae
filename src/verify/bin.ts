#!/usr/bin/env node
// The api-contract-verify command (package.json `bin`).
import { runBin } from '../shared/bin.js';
import { main } from './cli.js';

void runBin('api-contract-verify', main);
