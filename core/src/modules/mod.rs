//! The Mega Box modules the core holds that keep state of their own: one file each, as
//! in `alhambra_lib/modules/`. (Currency Exchange and Diamonds add cards and payments
//! only: their rules sit where the base game's money rules are, in `game.rs`.)

pub mod bazaars;
pub mod bonus_cards;
pub mod camps;
pub mod characters;
pub mod city_walls;
pub mod gates;
pub mod invaders;
pub mod master_builders;
pub mod squares;
pub mod street_merchant;
pub mod thieves;
pub mod treasure;
pub mod vizier;
pub mod window;
