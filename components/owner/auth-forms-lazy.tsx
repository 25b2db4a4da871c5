'use client';

import dynamic from 'next/dynamic';

/*
 * The owner's sign-in forms load in their own chunk where one is rendered: imported by the page
 * directly, they would ship with every page of the catch-all route (Turbopack gives a route all
 * the client components its server code reaches). Rendered on the server all the same.
 */
export const LazyLoginForm = dynamic(() => import('./auth-forms').then((module) => module.LoginForm));
export const LazyForgotPasswordForm = dynamic(() => import('./auth-forms').then((module) => module.ForgotPasswordForm));
export const LazySetPasswordForm = dynamic(() => import('./auth-forms').then((module) => module.SetPasswordForm));
