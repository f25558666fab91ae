#!/usr/bin/env node
// The api-contract-coverage command (package.json `bin`).
import { runBin } from '../shared/bin.js';
import { main } from './coverage-cli.js';

void runBin('api-contract-coverage', main);
